link-untranslated = (English)
figure-vendor-label = vendor
figure-computed = computed
figure-vendor-source = source
discussion-show = Show the discussion
