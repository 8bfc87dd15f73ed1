/**
 * Mantine's full stylesheet, loaded with every screen's code but the first screen's
 * (`first-screen-styles.ts`); it repeats the first screen's rules in the same order, so
 * loading it later changes nothing already shown (decision 0010).
 */
import '@mantine/core/styles.css';
