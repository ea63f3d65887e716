import {
  DLT_VARIABLE,
  DLT_VARIABLE_MAX,
  SMS_TEMPLATE_VARIABLES,
  type TSmsTemplateVariable,
} from '@starloop/contract';

/**
 * An SMS to an Indian number is delivered only when its text matches a content template
 * registered on DLT (TRAI's TCCCPR 2018): the registered text, each `{#var#}` replaced by at most
 * 30 characters. The operators' scrubbing rejects anything else, and a rejected message still
 * costs, so the text is built and checked here before the gateway sees it.
 */

export type TDltValues = Record<TSmsTemplateVariable, string>;
export type TDltRendering = { ok: true; text: string; unicode: boolean } | { ok: false; error: string };

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A value fit for a variable: one line, no control characters, spaces collapsed. */
export function variableValue(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Characters past the first `max` (by code point, as the operators count) are dropped. */
const cut = (value: string, max: number) => [...value].slice(0, max).join('').trim();

/**
 * The part of the link a variable carries: a template may spell the link's start out
 * (`https://starloop.in/r/{#var#}`), which keeps the variable within 30 characters.
 */
export function linkRemainder(fixedBefore: string, link: string): string {
  for (let k = Math.min(fixedBefore.length, link.length); k > 0; k -= 1) {
    if (fixedBefore.endsWith(link.slice(0, k))) return link.slice(k);
  }
  return link;
}

/** The stored `variables` setting ('customerName,link') as a list. */
export function parseVariables(value: string | null | undefined): TSmsTemplateVariable[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v): v is TSmsTemplateVariable => (SMS_TEMPLATE_VARIABLES as readonly string[]).includes(v));
}

export function countVariables(template: string): number {
  return template.split(DLT_VARIABLE).length - 1;
}

export function renderDltMessage(
  template: string,
  variables: readonly TSmsTemplateVariable[],
  values: TDltValues,
): TDltRendering {
  const fixed = template.split(DLT_VARIABLE);
  if (fixed.length - 1 !== variables.length || variables.length === 0) {
    return { ok: false, error: 'The SMS template settings do not say what fills each {#var#}' };
  }
  if (!variables.includes('link'))
    return { ok: false, error: 'The SMS template has no variable for the review link' };
  const filled: string[] = [];
  for (const [index, variable] of variables.entries()) {
    if (variable === 'link') {
      const rest = linkRemainder(fixed[index] ?? '', values.link);
      if ([...rest].length > DLT_VARIABLE_MAX) {
        return {
          ok: false,
          error: `The review link does not fit a DLT variable (${DLT_VARIABLE_MAX} characters): register the template with the link's start written out, e.g. ${values.link.slice(0, values.link.length - 10)}${DLT_VARIABLE}`,
        };
      }
      filled.push(rest);
    } else {
      const fallback = variable === 'customerName' ? 'Customer' : '';
      filled.push(cut(variableValue(values[variable]) || fallback, DLT_VARIABLE_MAX));
    }
  }
  const text = fixed.reduce((out, part, index) => out + part + (filled[index] ?? ''), '');
  // The check the operators make: the fixed text exactly, each variable one line of at most 30.
  const pattern = new RegExp(`^${fixed.map(escapeRegExp).join(`[^\\r\\n]{0,${DLT_VARIABLE_MAX}}`)}$`, 'u');
  if (!pattern.test(text) || !text.includes(values.link)) {
    return { ok: false, error: 'The message does not match the registered DLT template' };
  }
  // Outside printable ASCII the gateway must send UCS-2 (Hindi, emoji, ₹).
  return { ok: true, text, unicode: /[^\x20-\x7E\r\n]/.test(text) };
}
