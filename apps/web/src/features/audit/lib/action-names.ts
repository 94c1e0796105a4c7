/** The names under a branch of a tree, as [id, name] pairs: `files.mkdir` → ['files.mkdir', 'Create folder']. */
const flatNames = (tree: unknown, prefix = ''): [string, string][] => {
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const id = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[id, value]] : flatNames(value, id);
  });
};

/**
 * The audit actions the `audit` namespace names under `action`, as [id, name] pairs. The action
 * filter offers these; a unit test checks they cover every id the server audits.
 */
export const namedActions = (auditNamespace: unknown, branch = 'action'): [string, string][] => {
  if (typeof auditNamespace !== 'object' || auditNamespace === null) return [];
  const found = Object.entries(auditNamespace).find(([key]) => key === branch);
  return found ? flatNames(found[1]) : [];
};
