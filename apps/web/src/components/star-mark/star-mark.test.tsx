import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STAR_PATH, StarMark } from './star-mark.tsx';

describe('StarMark', () => {
  it('draws one decorative filled star, sized by prop or by its class', () => {
    const { container, rerender } = render(<StarMark size={16} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '16');
    expect(container.querySelector('path')).toHaveAttribute('d', STAR_PATH);
    rerender(<StarMark className="brand" />);
    expect(container.querySelector('svg')).toHaveClass('brand');
    expect(container.querySelector('svg')).not.toHaveAttribute('width');
  });
});
