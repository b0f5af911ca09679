import { useCallback, useState } from 'react';
import { readStore, writeStore } from '../api/storage';

/** The sidebar's open state, remembered across visits (persisted key `hamburger`). */
export const useHamburger = (): [boolean, () => void] => {
  const [isOpen, setOpen] = useState(() => readStore('hamburger') ?? true);
  const toggle = useCallback(() => {
    setOpen((current) => {
      writeStore('hamburger', !current);
      return !current;
    });
  }, []);
  return [isOpen, toggle];
};
