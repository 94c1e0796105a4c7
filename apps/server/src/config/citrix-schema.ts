import { z } from 'zod';

/*
 * The Citrix StoreFront store the portal lists published desktops and applications from
 * (docs/citrix.md). Users sign in to it with their own Citrix (domain) password, given in the
 * portal once per portal session: nothing here holds a user's or a service account's password.
 */
export const CitrixSchema = z
  .object({
    enabled: z
      .boolean()
      .default(false)
      .describe(
        'Offer Citrix published desktops and applications from the StoreFront store below (docs/citrix.md). Users sign in to StoreFront with their own Citrix (domain) password, given in the portal once per portal session: the portal passes it to StoreFront in that one call, keeps only the StoreFront session cookies in memory for that portal session, and never stores or logs the password.',
      ),
    storeFrontUrl: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe(
        "The store's Receiver for Web site (StoreWeb), e.g. https://storefront.example.com/Citrix/StoreWeb. Required when citrix.enabled is true. The portal calls it directly, not through a NetScaler Gateway.",
      ),
    domain: z
      .string()
      .regex(/^[^\\/@\s]*$/, 'a Windows domain name, such as EXAMPLE (no slashes, @ or spaces)')
      .default('')
      .describe(
        'Windows domain users sign in to StoreFront in: the portal signs in as `DOMAIN\\<portal user name>`. Empty: the portal user name alone (StoreFront then applies its default domain).',
      ),
    requestTimeoutSeconds: z
      .number()
      .int()
      .min(1)
      .max(300)
      .default(30)
      .describe("How long one call to StoreFront may take before it fails with 'Citrix webservice exception'."),
    rejectUnauthorized: z
      .boolean()
      .default(true)
      .describe(
        "Verify StoreFront's TLS certificate against the system's certificate authorities; turn off only for a test server.",
      ),
    sessionIdleMinutes: z
      .number()
      .int()
      .min(1)
      .max(1440)
      .default(20)
      .describe(
        "A portal session's StoreFront session is forgotten after this long without use (StoreFront's own default session timeout is 20 minutes); the user then gives the password again.",
      ),
    launchWaitSeconds: z
      .number()
      .int()
      .min(0)
      .max(600)
      .default(60)
      .describe(
        'How long a launch waits for a resource StoreFront says is not ready yet (a desktop machine powering on) before it fails.',
      ),
  })
  .strict()
  .refine((c) => !c.enabled || c.storeFrontUrl !== undefined, {
    message: 'citrix.storeFrontUrl is required when citrix.enabled is true',
    path: ['storeFrontUrl'],
  })
  .prefault({});

export type CitrixConfig = z.infer<typeof CitrixSchema>;
