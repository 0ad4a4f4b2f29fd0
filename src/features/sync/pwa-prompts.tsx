// Placeholder from the frame issue (the sync engineer replaces this file): update prompt and install button.
export default function PwaPrompts() {
  return null;
}
