import { readFileSync } from 'node:fs';

/** Output recorded from the dev cluster's Slurm (samples/), for the parsers' tests. */
export const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');
