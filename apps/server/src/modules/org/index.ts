/* What other modules may use of the organisation (companies and departments). */
export type { OrgService } from './org.service.js';
export type { OrgPlace, OrgTree } from './org-tree.js';
