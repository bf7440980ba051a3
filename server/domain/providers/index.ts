// The providers module's public face: everything outside server/domain/providers/ imports from here.
export { FEE_AND_LENGTH, feeField, lengthField } from './fee-fields';
