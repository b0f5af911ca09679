// The HTTP client lives outside React but must send the user to Login or UnderMaintenance (spec core §8).
// The router registers its navigate function here once it exists.
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export const setNavigator = (navigate: Navigate): void => {
  navigateImpl = navigate;
};

export const navigateTo = (path: string): void => navigateImpl(path);
