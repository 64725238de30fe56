import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

describe('landing page', () => {
  it("captions its figures: '5+' Plattformen, '∞' Videos, '100%' Kontrolle", async () => {
    stubFetch(workspaceRoutes());
    renderApp('/landing');
    const figures = await screen.findByRole('region', { name: 'Zahlen' });
    const values = within(figures).getAllByRole('definition');
    // Each figure and its caption form one term–definition pair of the list.
    expect(values.map((v) => [v.textContent, within(v.parentElement!).getByRole('term').textContent])).toEqual([
      ['5+', 'Plattformen'],
      ['∞', 'Videos'],
      ['100%', 'Kontrolle'],
    ]);
  });
});
