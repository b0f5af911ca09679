// The files module's face to other modules: none of its use cases is called from elsewhere yet; records that name a
// file check it through platform/file-store.
export {};
