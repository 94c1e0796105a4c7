import { render } from '@testing-library/react';
import { Tabs } from 'antd';
import { describe, expect, it } from 'vitest';
import { repairAria } from './aria-repairs';

describe('repairAria', () => {
  it('moves the tablist role from an antd tab bar to its list of tabs', () => {
    const { container } = render(
      <Tabs
        items={[
          { key: 'a', label: 'First', children: 'one' },
          { key: 'b', label: 'Second', children: 'two' },
        ]}
      />,
    );
    const nav = container.querySelector('.ant-tabs-nav');
    expect(nav?.getAttribute('role')).toBe('tablist');
    repairAria(container);
    const tablists = container.querySelectorAll('[role="tablist"]');
    expect(tablists).toHaveLength(1);
    expect(tablists[0]?.classList.contains('ant-tabs-nav-list')).toBe(true);
    expect(tablists[0]?.querySelectorAll('[role="tab"]')).toHaveLength(2);
    expect(nav?.hasAttribute('role')).toBe(false);
  });

  it('lets the keyboard reach a scrolling table box with nothing focusable, and only while it scrolls', () => {
    document.body.innerHTML = '<div class="ant-table-content"><table><tr><td>text</td></tr></table></div>';
    const box = document.querySelector<HTMLElement>('.ant-table-content');
    if (!box) throw new Error('no box');
    let scrollWidth = 800;
    Object.defineProperty(box, 'scrollWidth', { get: () => scrollWidth });
    Object.defineProperty(box, 'clientWidth', { get: () => 390 });
    repairAria();
    expect(box.tabIndex).toBe(0);
    scrollWidth = 390;
    repairAria();
    expect(box.hasAttribute('tabindex')).toBe(false);
  });

  it('leaves a scrolling box alone when a link inside can take the focus', () => {
    document.body.innerHTML = '<div class="ant-table-body"><a href="/x">job</a></div>';
    const box = document.querySelector<HTMLElement>('.ant-table-body');
    if (!box) throw new Error('no box');
    Object.defineProperty(box, 'scrollWidth', { get: () => 800 });
    Object.defineProperty(box, 'clientWidth', { get: () => 390 });
    repairAria();
    expect(box.hasAttribute('tabindex')).toBe(false);
  });
});
