import { describe, expect, it, vi } from 'vitest';
import { compileOnFirstUse } from '../../src/http/compile-on-first-use.js';

interface Validate {
  (data: unknown): boolean;
  errors?: unknown;
}

/** A stand-in for Ajv's compile: a validator of "a number", which reports why it refused. */
function compiler() {
  return vi.fn((route: { url: string }) => {
    const validate: Validate = (data) => {
      validate.errors = typeof data === 'number' ? null : [{ message: `${route.url}: must be a number` }];
      return typeof data === 'number';
    };
    return validate;
  });
}

describe('compileOnFirstUse', () => {
  it('compiles no route at start, each used route once, and a route never used never', () => {
    const compile = compiler();
    const onFirstUse = compileOnFirstUse(compile);
    const used = onFirstUse({ url: '/used' });
    onFirstUse({ url: '/never-used' });
    expect(compile).not.toHaveBeenCalled();
    for (let i = 0; i < 5; i++) used(i);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(compile).toHaveBeenCalledWith({ url: '/used' });
  });

  it('answers as the compiled function does, and passes on its errors after each call', () => {
    const validate = compileOnFirstUse(compiler())({ url: '/r' }) as Validate;
    expect(validate('x')).toBe(false);
    expect(validate.errors).toEqual([{ message: '/r: must be a number' }]);
    expect(validate(7)).toBe(true);
    expect(validate.errors).toBeNull();
  });
});
