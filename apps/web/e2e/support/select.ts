import type { Page } from '@playwright/test';

/**
 * The entries of the select dropdown that is open and has finished opening: while antd's
 * slide-up animation runs the list is scaled, and a click aimed at an entry can land on its
 * neighbour once the animation moves it.
 */
export const openDropdownOptions = (page: Page) =>
  page.locator(
    '.ant-select-dropdown:visible:not(.ant-slide-up-appear):not(.ant-slide-up-enter):not(.ant-slide-down-appear):not(.ant-slide-down-enter) .ant-select-item-option',
  );

/** An entry of the open select dropdown (antd's hidden accessibility list has options of the same name). */
export const dropdownOption = (page: Page, text: string) => openDropdownOptions(page).filter({ hasText: text }).first();
