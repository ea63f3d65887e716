import {
  MESSAGES,
  type TRegistrationForm,
  type TRegistrationUserData,
  ZRegistrationForm,
} from '@starloop/contract';

/** The /register form as typed: spec section 3's fields plus password and its confirmation. */
export interface TRegistrationValues {
  name: string;
  email: string;
  phone: string;
  businessName: string;
  code: string;
  businessUrl: string;
  salesGuy: string;
  state: string;
  city: string;
  password: string;
  confirmPassword: string;
  /** Plan name: 'Essential' or 'Professional' ('' until chosen). */
  plan: string;
  terms: boolean;
}

export type TRegistrationField = keyof TRegistrationValues;
export type TRegistrationErrors = Partial<Record<TRegistrationField, string>>;

export const EMPTY_REGISTRATION: TRegistrationValues = {
  name: '',
  email: '',
  phone: '',
  businessName: '',
  code: '',
  businessUrl: '',
  salesGuy: '',
  state: '',
  city: '',
  password: '',
  confirmPassword: '',
  plan: '',
  terms: false,
};

/** The form's order, for focusing the first field with an error. */
export const REGISTRATION_FIELDS = Object.keys(EMPTY_REGISTRATION) as TRegistrationField[];

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * The /register form's schema: the contract's (spec section 5), with the password confirmation
 * checked at once. The contract's own match check only runs once every other field is valid;
 * this one also runs while other fields are still wrong, as soon as a password is typed.
 */
export const ZRegistrationValues = ZRegistrationForm.refine(
  // While other fields are invalid the object is partly parsed: `password` may be missing.
  (form) => !form.password || form.confirmPassword === form.password,
  {
    message: MESSAGES.registration.passwordMismatch,
    path: ['confirmPassword'],
    when: (payload) => isObject(payload.value),
  },
);

/** payments.initiate's userData: every registration field except terms and plan, plus the password. */
export function toUserData(form: TRegistrationForm): TRegistrationUserData {
  return {
    name: form.name,
    email: form.email,
    phone: form.phone,
    businessName: form.businessName,
    code: form.code,
    businessUrl: form.businessUrl,
    salesGuy: form.salesGuy,
    state: form.state,
    city: form.city,
    password: form.password,
  };
}

/** A server error's field ('phone', 'userData.code', ...) as a form field, if it is one. */
export function formFieldOf(field: string | undefined): TRegistrationField | undefined {
  if (!field) return undefined;
  const last = field.split('.').pop() ?? '';
  return (REGISTRATION_FIELDS as string[]).includes(last) ? (last as TRegistrationField) : undefined;
}

/**
 * The form survives a reload (e.g. after "Failed to load payment gateway. Please refresh and try
 * again."): kept in this tab's sessionStorage, never the passwords, dropped once signed in.
 */
export const REGISTRATION_DRAFT_KEY = 'starloopRegistrationDraft';

export function loadRegistrationDraft(): TRegistrationValues {
  try {
    const raw = window.sessionStorage.getItem(REGISTRATION_DRAFT_KEY);
    if (!raw) return EMPTY_REGISTRATION;
    const saved = JSON.parse(raw) as Partial<Record<TRegistrationField, unknown>>;
    const values = { ...EMPTY_REGISTRATION };
    for (const field of REGISTRATION_FIELDS) {
      if (field === 'password' || field === 'confirmPassword') continue;
      const value = saved[field];
      if (field === 'terms') values.terms = value === true;
      else if (typeof value === 'string') values[field] = value;
    }
    return values;
  } catch {
    return EMPTY_REGISTRATION;
  }
}

export function saveRegistrationDraft(values: TRegistrationValues): void {
  try {
    const { password: _password, confirmPassword: _confirm, ...rest } = values;
    window.sessionStorage.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify(rest));
  } catch {
    // Storage full or blocked: the form just does not survive a reload.
  }
}

export function clearRegistrationDraft(): void {
  try {
    window.sessionStorage.removeItem(REGISTRATION_DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
