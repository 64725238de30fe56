import fs from 'node:fs';
import path from 'node:path';
import { storageContract } from '../../test/storage-contract';
import { LocalStorage } from './local-storage';

storageContract('local', async (tmpDir) => {
  const root = path.join(tmpDir, 'media');
  const storage = new LocalStorage(root);
  return {
    storage,
    // A copy from a temp dir on another file system, cut short: the hidden partial copy.
    leaveInterruptedPut: async (key) => fs.writeFileSync(path.join(root, `.${key}.partial`), 'half'),
    writeForeignFile: async (name, body) => fs.writeFileSync(path.join(root, name), body),
    close: async () => {},
  };
});
