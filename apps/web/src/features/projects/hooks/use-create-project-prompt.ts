import { useSession } from '@/features/auth';
import { projectInitials } from '@/lib/format';
import { useCreateProject } from '../api/create-project';
import { randomColorPair, switchProject } from '../current-project';

export const PROJECT_NAME_PROMPT = 'Enter project name:';
export const CREATE_PROJECT_FAILED = 'Failed to create project';

/** 'Create new project' (spec section 5): asks for a name, derives initials, picks a colour pair. */
export function useCreateProjectPrompt() {
  const { user } = useSession();
  const mutation = useCreateProject();

  async function createFromPrompt() {
    const name = window.prompt(PROJECT_NAME_PROMPT)?.trim();
    if (!name) return;
    const [color1, color2] = randomColorPair();
    try {
      const project = await mutation.mutateAsync({
        name,
        initials: projectInitials(name),
        color1,
        color2,
        user_id: user?.id,
      });
      switchProject(project.id);
    } catch {
      window.alert(CREATE_PROJECT_FAILED);
    }
  }

  return { createFromPrompt, isCreating: mutation.isPending };
}
