import { PROJECT_COLOR_PAIRS } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { buildProject } from '@/test/factories';
import {
  FALLBACK_PROJECT,
  randomColorPair,
  readCurrentProjectId,
  resolveCurrentProject,
  switchProject,
} from './current-project';

describe('current project', () => {
  const projects = [buildProject({ id: 4 }), buildProject({ id: 9 })];

  it('chooses and stores the first project when nothing is stored', () => {
    expect(resolveCurrentProject(projects, null)).toEqual({ project: projects[0], store: 4 });
  });

  it('uses the stored project when it is in the list', () => {
    expect(resolveCurrentProject(projects, 9)).toEqual({ project: projects[1], store: null });
  });

  it('falls back to the first project when the stored id is unknown', () => {
    expect(resolveCurrentProject(projects, 77)).toEqual({ project: projects[0], store: null });
  });

  it('has no project, and stores nothing, for a user without projects', () => {
    expect(resolveCurrentProject([], null)).toEqual({ project: null, store: null });
    expect(FALLBACK_PROJECT).toMatchObject({ initials: 'TP', name: 'Testproject' });
  });

  it("stores a switch under 'currentProjectId' and sends 'project-changed'", () => {
    let signals = 0;
    window.addEventListener('project-changed', () => signals++);
    switchProject(9);
    expect(localStorage.getItem('currentProjectId')).toBe('9');
    expect(readCurrentProjectId()).toBe(9);
    expect(signals).toBe(1);
  });

  it('picks its colours from the five fixed pairs', () => {
    expect(randomColorPair(() => 0)).toEqual(PROJECT_COLOR_PAIRS[0]);
    expect(randomColorPair(() => 0.99)).toEqual(PROJECT_COLOR_PAIRS[4]);
    expect(PROJECT_COLOR_PAIRS).toContainEqual(randomColorPair());
  });

  it("holds exactly the spec's five colour pairs, and a new project can get each of them", () => {
    expect(PROJECT_COLOR_PAIRS).toEqual([
      ['#ef4444', '#dc2626'],
      ['#3b82f6', '#9333ea'],
      ['#10b981', '#14b8a6'],
      ['#f59e0b', '#ea580c'],
      ['#8b5cf6', '#ec4899'],
    ]);
    expect([0, 0.2, 0.4, 0.6, 0.8].map((r) => randomColorPair(() => r))).toEqual(PROJECT_COLOR_PAIRS);
  });
});
