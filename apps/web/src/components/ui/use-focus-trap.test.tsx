import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusTrap } from './use-focus-trap';

function Trap({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true);
  return (
    <div ref={panel} role="dialog" aria-label="Trap">
      <button type="button" onClick={onClose}>
        Done
      </button>
      <button type="button" disabled>
        Not available
      </button>
      <div hidden>
        <button type="button">Hidden away</button>
      </div>
      <input aria-label="Skipped" tabIndex={-1} />
      <span tabIndex={-1}>Not a stop</span>
    </div>
  );
}

/** A trigger and an item that removes itself (focus falls to <body>) while it opens the trap. */
function Page() {
  const [itemShown, setItemShown] = useState(false);
  const [trapOpen, setTrapOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setItemShown(true)}>
        Trigger
      </button>
      {itemShown && (
        <button
          type="button"
          onClick={() => {
            setItemShown(false);
            setTrapOpen(true);
          }}
        >
          Item
        </button>
      )}
      <button type="button">After</button>
      {trapOpen && <Trap onClose={() => setTrapOpen(false)} />}
    </>
  );
}

describe('useFocusTrap', () => {
  it('counts only enabled, shown elements in the tab order, so Tab and Shift+Tab stay on the one stop', async () => {
    const user = userEvent.setup();
    render(<Trap onClose={() => {}} />);
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toHaveFocus();
    await user.tab();
    expect(done).toHaveFocus();
    await user.tab({ shift: true });
    expect(done).toHaveFocus();
  });

  it('gives focus back to the element focused last, not to <body>, when the focused one went away', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Trigger' }));
    screen.getByRole('button', { name: 'Item' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Trap' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trigger' })).toHaveFocus();
  });
});
