import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { EventTip } from './EventTip';

function Calendar() {
  const frame = useRef<HTMLDivElement>(null);
  return (
    <div ref={frame}>
      <button type="button" data-tip={'A very long title of a video\nX (Twitter) · Scheduled'}>
        <span>A very long…</span>
      </button>
      <button type="button">Next</button>
      <EventTip within={frame} />
    </div>
  );
}

const tip = () => screen.queryByTestId('event-tip');

describe('the calendar’s tooltip', () => {
  it('shows a post’s whole title while pointed at, and not after', () => {
    render(<Calendar />);
    const post = screen.getByRole('button', { name: 'A very long…' });
    fireEvent.pointerOver(post.firstElementChild!);
    expect(tip()).toHaveTextContent('A very long title of a video X (Twitter) · Scheduled');
    // Moving within the post keeps it; leaving hides it.
    fireEvent.pointerOut(post.firstElementChild!, { relatedTarget: post });
    expect(tip()).toBeInTheDocument();
    fireEvent.pointerOut(post, { relatedTarget: screen.getByRole('button', { name: 'Next' }) });
    expect(tip()).not.toBeInTheDocument();
  });

  it('shows it on keyboard focus too; Escape or moving on hides it', () => {
    render(<Calendar />);
    const post = screen.getByRole('button', { name: 'A very long…' });
    act(() => post.focus());
    expect(tip()).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(tip()).not.toBeInTheDocument();
    act(() => post.blur());
    act(() => post.focus());
    expect(tip()).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Next' }).focus());
    expect(tip()).not.toBeInTheDocument();
  });
});
