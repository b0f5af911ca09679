// The buyer's notifications (issue 21). The public reply's contracts (public-reply.*) are exported beside these.
export * from './notifications.schemas';
export * from './notifications.endpoints';
export * from './notifications.text';
