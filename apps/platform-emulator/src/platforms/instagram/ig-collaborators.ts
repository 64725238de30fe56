import { listItems } from '../meta/graph-params';

/** Content Publishing ("Reels posts"): `collaborators` is a list of up to 3 Instagram usernames. */
const MAX_COLLABORATORS = 3;
/** Instagram usernames: letters, digits, periods and underscores, at most 30. */
const USERNAME = /^[A-Za-z0-9._]{1,30}$/;

/** The usernames of `collaborators`, or what is wrong with them in Graph's words. */
export function readCollaborators(value: string | undefined): string[] | string {
  if (value === undefined) return [];
  const names = listItems(value);
  if (names.length > MAX_COLLABORATORS)
    return `Param collaborators must list at most ${MAX_COLLABORATORS} usernames - got ${names.length}`;
  const bad = names.find((name) => !USERNAME.test(name));
  if (bad !== undefined) return `Param collaborators must list Instagram usernames - got "${bad}"`;
  return names;
}
