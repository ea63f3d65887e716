import { RemoveScroll } from 'react-remove-scroll';
import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';
import { describe, expect, it } from 'vitest';
import { appShellScrollClassNames } from '../../../vite-plugins.ts';

type THook = (this: unknown, ...args: string[]) => unknown;
const plugin = appShellScrollClassNames();
const resolveId = plugin.resolveId as unknown as THook;
const load = plugin.load as unknown as THook;
const APP_SHELL_HEADER =
  '/app/node_modules/@mantine/core/esm/components/AppShell/AppShellHeader/AppShellHeader.mjs';
const MODAL = '/app/node_modules/@mantine/core/esm/components/ModalBase/ModalBase.mjs';

describe('AppShell without the scroll lock (vite-plugins.ts)', () => {
  it("gives AppShell's parts the class names alone and every other importer the real component", () => {
    const stub = resolveId.call({}, 'react-remove-scroll', APP_SHELL_HEADER);
    expect(stub).toEqual(expect.any(String));
    expect(resolveId.call({}, 'react-remove-scroll', MODAL)).toBeNull();
    expect(resolveId.call({}, 'react', APP_SHELL_HEADER)).toBeNull();
    expect(load.call({}, stub as string)).toContain("from 'react-remove-scroll-bar/constants'");
    expect(load.call({}, 'react-remove-scroll')).toBeNull();
  });

  it('the class names it gives are the real component’s', () => {
    expect(RemoveScroll.classNames).toEqual({ fullWidth: fullWidthClassName, zeroRight: zeroRightClassName });
  });
});
