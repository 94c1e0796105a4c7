import { allContracts, contractArea } from '@portal/shared';

/** docs/api-endpoints.md: every endpoint with its method, path, permission and purpose. */
export const endpointReference = (): string => {
  const byArea = new Map<string, typeof allContracts>();
  for (const c of allContracts) byArea.set(contractArea(c), [...(byArea.get(contractArea(c)) ?? []), c]);
  const sections = [...byArea].map(([area, list]) =>
    [
      `## ${area}`,
      '',
      '| method | path | permission | audited | what it does |',
      '|---|---|---|---|---|',
      ...list.map(
        (c) =>
          `| ${c.method} | \`${c.path}\` | \`${c.permission}\` | ${(c.audit ?? c.method !== 'GET') ? 'yes' : 'no'} | ${c.summary}${c.response === 'file' ? ' (file answer)' : ''} |`,
      ),
      '',
    ].join('\n'),
  );
  return [
    '# API endpoints',
    '',
    '<!-- Generated from packages/shared/src/api by `npm run docs:generate`. Do not edit by hand. -->',
    '',
    'Request and response schemas of each endpoint: the OpenAPI document at `/api/docs/json`, browsable at',
    '`/api/docs`. Conventions (envelope, errors, sign-in, cross-site requests, paging): [api.md](api.md).',
    '',
    ...sections,
  ].join('\n');
};
