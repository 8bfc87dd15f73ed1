/**
 * Run before the body is parsed (a classic script: the CSP allows scripts of this origin, not
 * inline ones): the stored language (spec §3 local storage `lang`) sets `<html lang dir>`, which
 * picks which of the two prerendered copies shows. Until the app has taken the page over
 * (`<html data-app="ready">`), what a user does in the painted form is kept for it
 * (`window.tasreehEarly`, read by `src/app/early-input.ts`): the values typed, by each field's
 * `autocomplete`, the field last focused, and a submit — held back, not sent as a native form
 * (which would reload the page and lose it all).
 */
export const EARLY_SCRIPT = `try{if(localStorage.getItem('lang')==='ar'){var h=document.documentElement;h.lang='ar';h.dir='rtl'}}catch(e){}
(function(){var d=document,e=window.tasreehEarly={values:{},submitted:false,focused:null};
function early(t){return d.documentElement.dataset.app!=='ready'&&t&&t.getAttribute&&t.getAttribute('autocomplete')}
d.addEventListener('input',function(v){var k=early(v.target);if(k)e.values[k]=v.target.value},true);
d.addEventListener('focusin',function(v){var k=early(v.target);if(k)e.focused=k},true);
d.addEventListener('submit',function(v){if(d.documentElement.dataset.app!=='ready'){v.preventDefault();e.submitted=true}},true)})();
`;
