link-untranslated = (English)
figure-vendor-label = vendor
figure-computed = computed
figure-vendor-source = source
peak-rate = Peak { NUMBER(999) }
discussion-show = Show the {
