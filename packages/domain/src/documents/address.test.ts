import { describe, expect, it } from 'vitest';
import { splitAddressLine } from './address';

describe('splitAddressLine', () => {
  it('takes the last part as the place and the rest as the address line', () => {
    expect(splitAddressLine('4th Floor, Trade Centre, Bandra Kurla Complex, Mumbai')).toEqual({
      address1: '4th Floor, Trade Centre, Bandra Kurla Complex',
      place: 'Mumbai',
    });
  });
  it('uses a single part for both, and nothing for no address', () => {
    expect(splitAddressLine(' Bengaluru ')).toEqual({ address1: 'Bengaluru', place: 'Bengaluru' });
    expect(splitAddressLine(null)).toEqual({ address1: '', place: '' });
    expect(splitAddressLine(' , ,')).toEqual({ address1: '', place: '' });
  });
});
