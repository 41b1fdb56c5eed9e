// The other version of this package that the paired bench (pair.ts) compares with: its modules are
// bundled from a folder given on the command line, so they have no types here.
declare module 'other-version/*';
