import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configReference } from '../src/config/config-docs.js';
import { endpointReference } from '../src/http/api-docs.js';

// The generated references under docs/: tests fail when they fall behind the code.
const write = (name: string, text: string) => {
  const target = fileURLToPath(new URL(`../../../docs/${name}`, import.meta.url));
  writeFileSync(target, text);
  process.stdout.write(`wrote ${target}\n`);
};
write('configuration.md', configReference());
write('api-endpoints.md', endpointReference());
