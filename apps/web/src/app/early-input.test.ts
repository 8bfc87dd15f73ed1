import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_SCRIPT } from '../../build/early-script.ts';
import { takeEarlyInput } from './early-input.ts';

/** The painted login as the build writes it, and the build's early script run over it. */
function paintLogin() {
  document.body.innerHTML = `<div id="root"><form>
    <input autocomplete="username" id="email"><input type="password" autocomplete="current-password" id="password">
    <input type="checkbox" id="remember"><button type="submit" id="submit">Log in</button></form></div>`;
  new Function(EARLY_SCRIPT)();
}

function typeInto(id: string, value: string) {
  const input = document.getElementById(id) as HTMLInputElement;
  input.focus();
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  delete document.documentElement.dataset.app;
  takeEarlyInput();
});

describe('the early script and its reader', () => {
  it('keep what was typed, the field focused and a submit held back until the app takes over', () => {
    paintLogin();
    typeInto('email', 'someone@tasreeh.test');
    typeInto('password', 'Secret@2026');
    typeInto('remember', 'on'); // no autocomplete: not kept
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(takeEarlyInput()).toEqual({
      values: { username: 'someone@tasreeh.test', 'current-password': 'Secret@2026' },
      submitted: true,
      focused: 'current-password',
    });
    expect(takeEarlyInput()).toBeUndefined();
  });

  it('leave the app’s own forms alone once it has taken the page over', () => {
    paintLogin();
    document.documentElement.dataset.app = 'ready';
    typeInto('email', 'later@tasreeh.test');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    expect(takeEarlyInput()).toEqual({ values: {}, submitted: false, focused: null });
  });
});
