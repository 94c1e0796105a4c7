import { z } from 'zod';

/*
 * clusters[].storage: the cluster's parallel and shared storage systems (docs/storage.md). Each is
 * read from its servers' exporters through the cluster's metric source: the capacity of the file
 * system mounted at `mountpoint` on each server, and the operations and bytes of their disks.
 */

const resourceName = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'not a resource name');

export const StorageSystemSchema = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, underscore and hyphen, at most 64')
      .describe('The storage system as the pages name it; unique in its cluster.'),
    type: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,32}$/)
      .default('parastor')
      .describe('What it is (parastor, lustre, beegfs, gpfs, nfs...): shown as the shared type.'),
    servers: z
      .array(resourceName)
      .min(1)
      .max(1000)
      .describe("Its servers, as metric resources (names of metrics.targets, or the Prometheus source's resources)."),
    mountpoint: z
      .string()
      .regex(/^\/[^\s"\\]*$/, 'an absolute path without spaces, quotes or backslashes')
      .describe(
        "The file system each server serves, where it is mounted on the server (node_exporter's mountpoint label): the capacity is its size and free space summed over the servers.",
      ),
    devices: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a block device name such as sdb or nvme0n1'))
      .max(256)
      .optional()
      .describe("The servers' disks that hold it (node_exporter's device label); default: every disk of the server."),
    directory: z
      .string()
      .max(255)
      .optional()
      .describe('Where users find it on the nodes (/public, /home); default: the mountpoint.'),
  })
  .strict();

export type StorageSystemConfig = z.infer<typeof StorageSystemSchema>;

export const storageSystems = z
  .array(StorageSystemSchema)
  .max(64)
  .default([])
  .refine((list) => new Set(list.map((s) => s.name)).size === list.length, 'storage names must be unique in a cluster');
