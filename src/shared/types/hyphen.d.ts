// `hyphen` has no "exports" map, so Node's ES module loader (the export and fuzz workers) cannot
// import the folder `hyphen/en-us`; its file is imported by name, with the types @types/hyphen
// gives the folder.
declare module 'hyphen/en-us/index.js' {
  export * from 'hyphen/en-us';
  import hyphen from 'hyphen/en-us';
  export default hyphen;
}
