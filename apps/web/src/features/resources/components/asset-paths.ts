import type { AssetType } from '@portal/shared';

/** The inventory's pages (spec section 2: the server, switch and chassis resource pages, and all assets). */
export const ASSET_PAGES: Record<string, AssetType | undefined> = {
  'manage/resourceManage/assets': undefined,
  'manage/resourceManage/server': 'SERVER',
  'manage/resourceManage/switch': 'SWITCH',
  'manage/resourceManage/chassis': 'BLADECHASSIS',
};

/** The type a page shows from its path ('/manage/resourceManage/server' → SERVER). */
export const presetTypeOf = (pathname: string): AssetType | undefined => {
  const key = Object.keys(ASSET_PAGES).find((p) => pathname.endsWith(`/${p}`) || pathname === p);
  return key ? ASSET_PAGES[key] : undefined;
};
