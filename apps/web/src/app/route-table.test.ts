import { describe, expect, it } from 'vitest';
import { CONSOLE_PAGES, ROLE_IDS, routeSetOf } from '@portal/shared';
import { PAGE_COMPONENTS, pagesFor } from './route-table';

describe('route table', () => {
  it('has a component for every console page of packages/shared, and no other', () => {
    expect(Object.keys(PAGE_COMPONENTS).sort()).toEqual(CONSOLE_PAGES.map((p) => p.path).sort());
  });

  it("gives each role exactly the pages whose route sets hold the role's set", () => {
    for (const role of ROLE_IDS) {
      const set = routeSetOf(role);
      expect(pagesFor(set).map((p) => p.path)).toEqual(
        CONSOLE_PAGES.filter((p) => p.sets.some((s) => s === set)).map((p) => p.path),
      );
    }
  });
});
