import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineIcon } from './line-icon.tsx';

describe('LineIcon', () => {
  it('draws its path in the current colour and hides itself from screen readers', () => {
    const { container } = render(<LineIcon path="M5 12h14" size={18} className="x" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('stroke', 'currentColor');
    expect(svg).toHaveAttribute('width', '18');
    expect(svg).toHaveClass('x');
    expect(container.querySelector('path')).toHaveAttribute('d', 'M5 12h14');
  });
});
