import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

/** One page, two routes: /privacy-policy and /privacy (spec section 2 gives both readings). */
export function PrivacyPage() {
  return <ScreenPlaceholder title="Privacy Policy" standalone />;
}
