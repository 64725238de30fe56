import { describe, expect, it } from 'vitest';
import type { MemberRow } from '../../repositories/project-members.repository';
import { mentionedMembers } from './mentions';

const member = (user_id: number, username: string, full_name: string): MemberRow => ({
  user_id,
  username,
  full_name,
  email: `${username}@example.com`,
  role: 'editor',
  added_at: new Date(0),
});

const team = [
  member(1, 'olivia', 'Olivia Owner'),
  member(2, 'eddie_e', 'Eddie Editor'),
  member(3, 'rreviewer', 'Rita Reviewer'),
  member(4, 'rick', 'Rita Other'),
];

describe('@mentions in a note', () => {
  it('finds members by username, full name without spaces, or a first name only one member has', () => {
    const ids = (text: string) => mentionedMembers(text, team).map((m) => m.userId);
    expect(ids('@eddie_e, look')).toEqual([2]);
    expect(ids('cc @RitaReviewer.')).toEqual([3]);
    expect(ids('@Eddie and @olivia')).toEqual([2, 1]);
    // Two members are called Rita: a first name alone names neither.
    expect(ids('@Rita?')).toEqual([]);
  });

  it('ignores e-mail addresses, people outside the project, and repeats', () => {
    const found = mentionedMembers('mail olivia@rita.com or @stranger; @rick @rick', team);
    expect(found).toEqual([{ userId: 4, name: 'Rita Other' }]);
  });
});
