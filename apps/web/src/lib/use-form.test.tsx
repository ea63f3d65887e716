import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-errors.ts';
import { checkForm, issuesToErrors, useForm } from './use-form.ts';

const ZEmail = z.object({ email: z.string().trim().min(1, 'Email is required').email('Email is invalid') });

describe('useForm', () => {
  it('keeps the first message per field and clears a field error on edit', () => {
    expect(
      issuesToErrors([
        { path: ['email'], message: 'Email is required' },
        { path: ['email'], message: 'Email is invalid' },
        { path: ['branches', 0, 'code'], message: 'Business code is required' },
      ]),
    ).toEqual({ email: 'Email is required', 'branches.0.code': 'Business code is required' });

    const { result } = renderHook(() => useForm(ZEmail, { email: '' }));
    act(() => {
      expect(result.current.submit()).toBeUndefined();
    });
    expect(result.current.errors.email).toBe('Email is required');
    act(() => result.current.setField('email', 'a@b.co'));
    expect(result.current.errors.email).toBeUndefined();
    expect(result.current.values.email).toBe('a@b.co');
  });

  it("returns the schema's parsed values on submit", () => {
    const { result } = renderHook(() => useForm(ZEmail, { email: '  asha@example.com ' }));
    let parsed: unknown;
    act(() => {
      parsed = result.current.submit();
    });
    expect(parsed).toEqual({ email: 'asha@example.com' });
    expect(result.current.hasErrors).toBe(false);
  });

  it('checks every field again on each change after a submit, when asked to', () => {
    const { result } = renderHook(() => useForm(ZEmail, { email: '' }, { revalidate: true }));
    act(() => result.current.setField('email', 'x'));
    expect(result.current.errors.email).toBeUndefined();
    act(() => void result.current.submit());
    expect(result.current.errors.email).toBe('Email is invalid');
    act(() => result.current.setField('email', ''));
    expect(result.current.errors.email).toBe('Email is required');
    act(() => result.current.input('email').onChange({ currentTarget: { value: 'a@b.co' } } as never));
    expect(result.current.errors.email).toBeUndefined();
  });

  it('binds a checkbox to a boolean field, with its error', () => {
    const ZConsent = z.object({ consent: z.literal(true, { error: 'Consent is required' }) });
    const { result } = renderHook(() => useForm(ZConsent, { consent: false }));
    act(() => void result.current.submit());
    expect(result.current.checkbox('consent')).toMatchObject({
      checked: false,
      error: 'Consent is required',
    });
    act(() => result.current.checkbox('consent').onChange({ currentTarget: { checked: true } } as never));
    expect(result.current.checkbox('consent')).toMatchObject({ checked: true, error: undefined });
    expect(result.current.values.consent).toBe(true);
  });

  it('binds a NumberInput to a number field: empty or unfinished counts as the given number', () => {
    const ZDays = z.object({ days: z.number().int('Whole days only').min(30, 'At least 30 days') });
    const { result } = renderHook(() => useForm(ZDays, { days: 90 }));
    expect(result.current.numberInput('days', 30)).toMatchObject({ value: 90, error: undefined });
    act(() => result.current.numberInput('days', 30).onChange(45.5));
    act(() => void result.current.submit());
    expect(result.current.numberInput('days', 30)).toMatchObject({ value: 45.5, error: 'Whole days only' });
    act(() => result.current.numberInput('days', 30).onChange(''));
    expect(result.current.numberInput('days', 30)).toMatchObject({ value: 30, error: undefined });
    act(() => result.current.numberInput('days', 30).onChange('-'));
    expect(result.current.values.days).toBe(30);
    act(() => result.current.numberInput('days', 30).onChange(0));
    expect(result.current.values.days).toBe(0);
  });

  it("checks the current values without showing the schema's messages", () => {
    const { result } = renderHook(() => useForm(ZEmail, { email: '' }));
    expect(result.current.check()).toEqual({ data: undefined, errors: { email: 'Email is required' } });
    expect(result.current.errors).toEqual({});
    act(() => result.current.setField('email', ' a@b.co'));
    expect(result.current.check()).toEqual({ data: { email: 'a@b.co' }, errors: {} });
  });

  it('counts two changes in one event and starts over on reset', () => {
    const ZPlace = z.object({ state: z.string(), city: z.string() });
    const { result } = renderHook(() => useForm(ZPlace, { state: 'KA', city: 'Bengaluru' }));
    act(() => {
      result.current.setField('state', 'MH');
      result.current.setField('city', '');
    });
    expect(result.current.values).toEqual({ state: 'MH', city: '' });
    act(() => result.current.reset({ state: '', city: '' }));
    expect(result.current).toMatchObject({ values: { state: '', city: '' }, errors: {}, submitted: false });
  });

  it('checkForm gives the data or the errors without a component', () => {
    expect(checkForm(ZEmail, { email: 'nope' })).toEqual({
      data: undefined,
      errors: { email: 'Email is invalid' },
    });
    expect(checkForm(ZEmail, { email: 'a@b.co' })).toEqual({ data: { email: 'a@b.co' }, errors: {} });
  });

  it("puts a rejected save's message on the field the server names, else hands it to the banner", () => {
    const { result } = renderHook(() => useForm(ZEmail, { email: 'a@b.co' }));
    let banner: string | null = 'unset';
    act(() => {
      banner = result.current.showServerError(
        new ApiError('Email already in use', 409, 'email'),
        'Could not save.',
      );
    });
    expect(banner).toBeNull();
    expect(result.current.errors.email).toBe('Email already in use');

    act(() => {
      banner = result.current.showServerError(
        new ApiError('Plan limit reached', 403, 'plan'),
        'Could not save.',
      );
    });
    expect(banner).toBe('Plan limit reached');
    act(() => {
      banner = result.current.showServerError(new ApiError('Taken', 409, 'email'), 'x', new Set(['name']));
    });
    expect(banner).toBe('Taken');
    expect(result.current.showServerError(new TypeError('Failed to fetch'), 'Could not save.')).toMatch(
      /Unable to connect/,
    );
  });
});
