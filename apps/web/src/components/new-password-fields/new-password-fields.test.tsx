import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render-mantine.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

describe('NewPasswordFields', () => {
  it('shows both fields with the length hint, their errors and aria-invalid', () => {
    renderWithMantine(
      <NewPasswordFields
        passwordLabel="New password"
        confirmLabel="Confirm password"
        password={{ value: 'abc', onChange: () => {}, error: 'Password must be at least 6 characters' }}
        confirm={{ value: '', onChange: () => {} }}
        common={{ disabled: true }}
      />,
    );
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toBeDisabled();
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByText('At least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).not.toHaveAttribute('aria-invalid');
  });
});
