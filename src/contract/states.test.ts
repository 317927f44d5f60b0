import { describe, it, expect } from 'vitest';
import { IndianStates, isIndianState } from './states.js';

describe('IndianStates', () => {
  it('lists the 29 states alphabetically from Andhra Pradesh to West Bengal', () => {
    expect(IndianStates).toHaveLength(29);
    expect(IndianStates[0]).toBe('Andhra Pradesh');
    expect(IndianStates.at(-1)).toBe('West Bengal');
    expect([...IndianStates].sort()).toEqual([...IndianStates]);
    expect(new Set(IndianStates).size).toBe(IndianStates.length);
  });

  it.each(['Jammu and Kashmir', 'Telangana', 'Uttarakhand', 'Odisha'])('includes %s', (state) => {
    expect(isIndianState(state)).toBe(true);
  });

  it.each([
    'Delhi',
    'Ladakh',
    'Puducherry',
    'Chandigarh',
    'Lakshadweep',
    'Andaman and Nicobar Islands',
    'Dadra and Nagar Haveli and Daman and Diu',
    'andhra pradesh',
    '',
  ])('excludes %j', (name) => {
    expect(isIndianState(name)).toBe(false);
  });
});
