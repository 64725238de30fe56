/** TanStack Query keys of the planning board, one per project. */
export const ideaKeys = {
  all: ['ideas'] as const,
  board: (projectId: number) => ['ideas', projectId] as const,
};
