import type { InvitationWithProject } from '../../repositories/project-invitations.repository';
import type { Mail } from '../mail/mailer';

/** The invitation e-mail: plain text, the link on its own line so mail readers make it clickable. */
export function invitationMail(product: string, invitation: InvitationWithProject, url: string): Mail {
  const inviter = invitation.inviter_name ?? 'The owner';
  return {
    to: invitation.email,
    subject: `${inviter} invites you to ${invitation.project_name} on ${product}`,
    text: [
      `${inviter} invites you to work on "${invitation.project_name}" on ${product} as ${invitation.role}.`,
      '',
      'Open this link to join (sign in or create an account first):',
      url,
      '',
      `The link works once, until ${new Date(invitation.expires_at).toUTCString()}.`,
      'If you did not expect this, ignore this e-mail.',
    ].join('\n'),
  };
}
