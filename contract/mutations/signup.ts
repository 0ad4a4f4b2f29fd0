// A sign-up request taken at a counter (a family that wants the service).
import { signupSchema } from '../entities';
import { mutation, text } from './define';

export const signupMutations = {
  'signup.create': mutation({ args: signupSchema, policy: 'signup.create', title: 'signupCreate', detail: (a) => [text(a.name), text(a.mobile)] }),
};
