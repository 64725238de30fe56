/** The text file of backup codes a person keeps somewhere safe. */
export function backupCodesText(codes: readonly string[], account: string, productName: string, now = new Date()) {
  return [
    `${productName} backup codes for ${account}`,
    `Created ${now.toISOString().slice(0, 10)}. Each code signs you in once, when your authenticator app is not at hand.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

/** 'Fanout' → 'fanout-backup-codes.txt' */
export function backupCodesFileName(productName: string) {
  const slug = productName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'account'}-backup-codes.txt`;
}
