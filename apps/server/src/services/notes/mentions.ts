import type { MemberRow } from '../../repositories/project-members.repository';

export interface Mention {
  userId: number;
  name: string;
}

/** `@name`: letters, digits, dots, dashes and underscores after an @ that does not end a word (not an e-mail). */
const MENTION = /(?<![\p{L}\p{N}_.@])@([\p{L}\p{N}_][\p{L}\p{N}_.-]*)/gu;

const key = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[.\-_]+$/, '');

/**
 * The members a note names. `@` followed by a member's username, or their full name written without spaces
 * (`@OliviaOwner`), or their first name when no other member shares it. Anyone else named so (not in the
 * project) is left alone: a mention never tells a stranger about the project.
 */
export function mentionedMembers(text: string, members: readonly MemberRow[]): Mention[] {
  const firstNames = new Map<string, MemberRow[]>();
  for (const m of members) {
    const first = key(m.full_name.trim().split(/\s+/)[0] ?? '');
    if (first) firstNames.set(first, [...(firstNames.get(first) ?? []), m]);
  }
  const found = new Map<number, Mention>();
  for (const match of text.matchAll(MENTION)) {
    const word = key(match[1]!);
    const member =
      members.find((m) => key(m.username) === word || key(m.full_name.replace(/\s+/g, '')) === word) ??
      (firstNames.get(word)?.length === 1 ? firstNames.get(word)![0] : undefined);
    if (member && !found.has(member.user_id))
      found.set(member.user_id, { userId: member.user_id, name: member.full_name });
  }
  return [...found.values()];
}
