import { onTestFinished, vi } from 'vitest';

/** Base64url of a text, as the browser library sends ArrayBuffers to the server. */
export function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const buffer = (text: string) => new TextEncoder().encode(text).buffer;

/** What navigator.credentials.get() resolves to when a passkey signs the challenge. */
export function assertionCredential(id = 'passkey-1') {
  return {
    id: base64url(id),
    rawId: buffer(id),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: buffer('{"type":"webauthn.get"}'),
      authenticatorData: buffer('authenticator-data'),
      signature: buffer('signature'),
      userHandle: buffer('user-7'),
    },
    getClientExtensionResults: () => ({}),
  };
}

function domError(name: string, message: string) {
  const error = new Error(message);
  error.name = name;
  return error;
}

interface Pending {
  options: CredentialRequestOptions;
  resolve: (credential: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * A browser with WebAuthn at the navigator.credentials boundary (jsdom has none).
 * A modal request (the button) is answered by `answerModal`: a passkey, or `'cancel'` as when the person
 * closes the prompt (NotAllowedError). A conditional request (autofill) waits until `pickFromAutofill()`,
 * and like a real browser rejects with the abort reason when its signal is aborted.
 */
export function stubWebAuthn({ autofill = false }: { autofill?: boolean } = {}) {
  const requests: CredentialRequestOptions[] = [];
  let conditional: Pending | null = null;
  const control = {
    requests,
    answerModal: assertionCredential() as unknown,
    /** the person picks a passkey from the username field's autofill */
    pickFromAutofill(credential: unknown = assertionCredential()) {
      if (!conditional) throw new Error('No autofill request is waiting');
      conditional.resolve(credential);
      conditional = null;
    },
    get autofillWaiting() {
      return conditional !== null;
    },
  };

  const get = vi.fn((options: CredentialRequestOptions) => {
    requests.push(options);
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(options.signal?.reason ?? domError('AbortError', 'The operation was aborted.'));
      if (options.signal?.aborted) return onAbort();
      options.signal?.addEventListener('abort', () => {
        if (conditional?.options === options) conditional = null;
        onAbort();
      });
      if (options.mediation === 'conditional') {
        conditional = { options, resolve, reject };
        return;
      }
      if (control.answerModal === 'cancel')
        reject(domError('NotAllowedError', 'The operation either timed out or was not allowed.'));
      else resolve(control.answerModal);
    });
  });

  class FakePublicKeyCredential {
    static isConditionalMediationAvailable = autofill ? () => Promise.resolve(true) : undefined;
  }
  vi.stubGlobal('PublicKeyCredential', FakePublicKeyCredential);
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
  onTestFinished(() => {
    delete (navigator as { credentials?: unknown }).credentials;
  });
  return Object.assign(control, { get });
}
