/*
 * Where a user stands in the organisation and which account is their default: the accounts and
 * organisation modules know, and services.ts hands their answer in, so users imports neither.
 */

export interface UserPlacement {
  departmentId: number | null;
  /** Names along the department's path ('' when none). */
  company: string;
  department: string;
  /** The default account's name ('' when none). */
  defaultAccount: string;
}

export interface UserPlacements {
  placements(users: readonly { id: number; department_id: number | null }[]): Promise<Map<number, UserPlacement>>;
  unitExists(id: number): Promise<boolean>;
}

/** For wiring without the organisation (tests of the users module alone). */
export const noPlacements: UserPlacements = {
  placements: (users) =>
    Promise.resolve(
      new Map(users.map((u) => [u.id, { departmentId: u.department_id, company: '', department: '', defaultAccount: '' }])),
    ),
  unitExists: () => Promise.resolve(false),
};
