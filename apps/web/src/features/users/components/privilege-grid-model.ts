import { ACTIONS, type Action, canAccess, type Privilege, RESOURCE_IDS } from '@tasreeh/shared';

/** A row of every resource id (spec §6), with the flags the group holds (none for a missing one). */
export function fullGrid(privileges: readonly Privilege[]): Privilege[] {
  return RESOURCE_IDS.map((id) => {
    const held = privileges.find((privilege) => privilege.id === id);
    return {
      id,
      read: held?.read ?? false,
      create: held?.create ?? false,
      edit: held?.edit ?? false,
      delete: held?.delete ?? false,
    };
  });
}

/**
 * Sets one flag. Creating, modifying or deleting needs viewing, so checking one of them checks
 * "view" too (when the editor may give it), and unchecking "view" clears the others.
 */
export function toggleFlag(
  grid: readonly Privilege[],
  id: number,
  action: Action,
  checked: boolean,
  editor: readonly Privilege[],
): Privilege[] {
  return grid.map((row) => {
    if (row.id !== id) return row;
    if (action === 'read' && !checked)
      return { ...row, read: false, create: false, edit: false, delete: false };
    const next = { ...row, [action]: checked };
    if (checked && action !== 'read' && canAccess(editor, id, 'read')) next.read = true;
    return next;
  });
}

/** A box the editor may not tick: a right they do not hold themselves (one already given can still be removed). */
export function isLocked(row: Privilege, action: Action, editor: readonly Privilege[]): boolean {
  return !row[action] && !canAccess(editor, row.id, action);
}

/** The grid as the API stores it: only resources with at least one flag. */
export function grantedOnly(grid: readonly Privilege[]): Privilege[] {
  return grid.filter((row) => ACTIONS.some((action) => row[action]));
}
