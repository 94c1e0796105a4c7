/*
 * Two places where antd's markup breaks an ARIA rule whatever the page does, repaired once for the
 * whole console instead of in each page (axe-core checks them: e2e/accessibility.spec.ts).
 *
 * - Tabs: antd puts role="tablist" on the whole tab bar, which also holds the "more tabs" button a
 *   narrow screen shows; a tablist may own only tabs. The role moves to the list of tabs itself.
 * - Tables that scroll sideways (every wide table on a phone) cannot be scrolled by keyboard when
 *   no cell holds a link or button: such a scroll box joins the tab order.
 */

const TABLE_SCROLLERS = '.ant-table-content, .ant-table-body';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Moves the tablist role from an antd tab bar to its list of tabs. */
const repairTabs = (root: ParentNode) => {
  for (const nav of root.querySelectorAll('.ant-tabs-nav[role="tablist"]')) {
    const list = nav.querySelector('.ant-tabs-nav-list');
    if (!list) continue;
    list.setAttribute('role', 'tablist');
    const orientation = nav.getAttribute('aria-orientation');
    if (orientation) list.setAttribute('aria-orientation', orientation);
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  }
};

/** Lets the keyboard reach a table's scroll box when it scrolls and nothing in it takes the focus. */
const repairTableScrollers = (root: ParentNode) => {
  for (const box of root.querySelectorAll<HTMLElement>(TABLE_SCROLLERS)) {
    const ours = box.dataset.ariaRepair === 'scroller';
    const scrolls = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
    // antd's hidden measuring row repeats the header's checkboxes, and an empty table's select-all
    // box is disabled: neither takes the focus.
    const holdsFocusable = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].some(
      (el) =>
        !el.closest('.ant-table-measure-row') &&
        !el.matches(':disabled') &&
        (el.checkVisibility?.({ visibilityProperty: true }) ?? true),
    );
    if (scrolls && !holdsFocusable && !box.hasAttribute('tabindex')) {
      box.tabIndex = 0;
      box.dataset.ariaRepair = 'scroller';
    } else if (ours && (!scrolls || holdsFocusable)) {
      box.removeAttribute('tabindex');
      delete box.dataset.ariaRepair;
    }
  }
};

export const repairAria = (root: ParentNode = document) => {
  repairTabs(root);
  repairTableScrollers(root);
};

/** Repairs the page now and after every change, at most once a frame. */
export const startAriaRepairs = () => {
  let queued = false;
  const run = () => {
    queued = false;
    repairAria();
  };
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(run);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  window.addEventListener('resize', () => repairAria());
  repairAria();
  return () => observer.disconnect();
};
