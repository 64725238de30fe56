export interface Build {
  name: string;
  /** npm workspace whose `build` script makes it. */
  workspace: string;
  /** The file the build ends in, relative to the repository. */
  output: string;
  /** Files, or folders searched through, that it is made from. */
  sources: string[];
}
export const builds: Build[];
export function newestFile(root: string, paths: string[]): { file: string; mtimeMs: number } | undefined;
export function staleReason(root: string, build: Build): string | undefined;
