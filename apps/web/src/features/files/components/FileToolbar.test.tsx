import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { FileToolbar } from './FileToolbar';

const fv = { current: '/home/ann' };
const noop = () => {};
const toolbar = (canWrite: boolean, canShell: boolean) =>
  render(
    <FileToolbar
      fv={fv}
      selection={[]}
      canWrite={canWrite}
      canShell={canShell}
      onDialog={noop}
      onUpload={noop}
      onDownload={noop}
      onDelete={noop}
      onShell={noop}
    />,
  );
const names = () => screen.getAllByRole('button').map((b) => b.textContent?.trim());

describe('FileToolbar', () => {
  afterEach(cleanup);
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('offers a reader only download and search', () => {
    toolbar(false, false);
    expect(names()).toEqual(['Download', 'Search']);
  });

  it('offers a writer every change, and the shell when the role may open one', () => {
    toolbar(true, true);
    expect(names()).toEqual([
      'Upload',
      'New folder',
      'New file',
      'Download',
      'Rename',
      'Copy to',
      'Move to',
      'Delete',
      'Search',
      'WebShell here',
    ]);
    // Nothing is selected yet: selection actions wait for a choice.
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
  });
});
