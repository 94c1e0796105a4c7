/** The portal's version, shown in the OpenAPI document and /healthz. */
export const VERSION = '0.1.0';
