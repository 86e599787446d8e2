/**
 * Joins class names (clsx). Nothing is merged: no call passes two classes for one property, so the partner's phone
 * does not download tailwind-merge. A component whose look can change takes that as a prop instead (Card's
 * `padding`, SimplePage's `wide`, Button's `variant`).
 */
export { clsx as cn } from 'clsx';
