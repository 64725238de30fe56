import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inputClasses, TextField } from './Field';

describe('TextField', () => {
  it('draws placeholders in zinc-500, readable at 4.5:1 on the white and zinc-50 field backgrounds', () => {
    render(<TextField label="Tags" placeholder="travel, vlog, summer" />);
    const input = screen.getByLabelText('Tags');
    expect(input).toHaveAttribute('placeholder', 'travel, vlog, summer');
    expect(input).toHaveClass('placeholder:text-zinc-500');
    // zinc-400 is 2.6:1 on white: no field may fall back to it.
    expect(inputClasses).not.toMatch(/placeholder:text-zinc-[1-4]00/);
  });
});
